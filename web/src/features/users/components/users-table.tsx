import { PAGE_SIZE, TEXT } from '@portal/shared/ui-constants';
import type { TUser, TUserPage } from '@portal/shared/users';
import type { DataTableColumn } from '../../../components/data-table.tsx';
import { PagedDataTable, type PageQuery } from '../../../components/paged-data-table.tsx';
import type { TablePaging } from '../../../components/table-paging.ts';

interface UsersTableProps {
  columns: DataTableColumn<TUser>[];
  users: PageQuery<TUser> & { data?: TUserPage; isPlaceholderData: boolean };
  paging: TablePaging;
}

/** A server-paged list of users: it reads 'Loading users...' until the asked-for page is in. */
export function UsersTable({ columns, users, paging }: UsersTableProps) {
  return (
    <PagedDataTable
      columns={columns}
      query={users}
      paging={paging}
      rowKey={(user) => user.id}
      pageSize={PAGE_SIZE.users}
      loading={users.isPending || users.isPlaceholderData}
      loadingText={TEXT.loadingUsers}
    />
  );
}
