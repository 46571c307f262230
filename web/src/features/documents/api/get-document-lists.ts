import type { TDocumentListQuery, TDocumentPage, TDocumentStatus } from '@portal/shared/documents';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, pageParams } from '../../../lib/api-client.ts';
import { documentKeys } from './document-keys.ts';

/** The paged document lists (filtered on the server): an HC's requests and the admin's two lists. */
export const DOCUMENT_LISTS = {
  harvestCenter: (hcId: number) => `/api/v1/harvest-centers/${hcId}/documentList/`,
  admin: () => '/api/admin/documents/',
};

export interface DocumentPageQuery {
  page: number;
  pageSize: number;
  search: string;
  status: TDocumentStatus | null;
  owner?: TDocumentListQuery['owner'];
}

export function getDocuments(path: string, query: DocumentPageQuery): Promise<TDocumentPage> {
  return api.get<TDocumentPage>(path, {
    params: {
      ...pageParams(query.page, query.pageSize),
      search: query.search,
      status: query.status,
      owner: query.owner,
    },
  });
}

export function useDocuments(path: string, query: DocumentPageQuery) {
  return useQuery({
    queryKey: documentKeys.list(path, { ...query }),
    queryFn: () => getDocuments(path, query),
    placeholderData: keepPreviousData,
  });
}
