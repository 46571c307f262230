import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';

/** A page of a list and the way to change it: what a server-paged table needs from its screen. */
export interface TablePaging {
  page: number;
  setPage: (page: number) => void;
}

/**
 * A page that belongs to the filters it was chosen under: new filters start again at page 1.
 * `filters` is compared by identity (a string, or an object kept with useMemo).
 */
export function usePageFor<Filters>(filters: Filters): [number, (page: number) => void] {
  const [paging, setPaging] = useState({ page: 1, filters });
  const page = paging.filters === filters ? paging.page : 1;
  return [page, (next: number) => setPaging({ page: next, filters })];
}

export interface TableSearch extends TablePaging {
  /** What is typed in the search field. */
  search: string;
  /** The search once typing pauses: what to ask the server for. */
  debouncedSearch: string;
  /** A new search starts again at page 1. */
  setSearch: (search: string) => void;
}

/** A search waits for a pause in typing rather than asking the server on every key. */
const SEARCH_DEBOUNCE_MS = 300;

/** The search text and page of a searchable, server-paged list. */
export function useTableSearch(debounceMs = SEARCH_DEBOUNCE_MS): TableSearch {
  const [search, setSearchText] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, debounceMs);
  const [page, setPage] = useState(1);
  const setSearch = (next: string) => {
    setSearchText(next);
    setPage(1);
  };
  return { search, debouncedSearch, setSearch, page, setPage };
}
