import { useCallback, useEffect, useState } from 'react';

/**
 * The screen's state (filters, page, sort) lives in the URL query, so a reload, a shared link or
 * Back shows the same table. Changes push a history entry; Back restores the previous state.
 */
export function useUrlState(): [URLSearchParams, (patch: Record<string, string | string[] | null>) => void] {
  const [params, setParams] = useState(() => new URLSearchParams(location.search));
  useEffect(() => {
    const onPop = () => setParams(new URLSearchParams(location.search));
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);
  const update = useCallback((patch: Record<string, string | string[] | null>) => {
    const next = new URLSearchParams(location.search);
    for (const [key, value] of Object.entries(patch)) {
      next.delete(key);
      if (Array.isArray(value)) for (const item of value) next.append(key, item);
      else if (value !== null && value !== '') next.set(key, value);
    }
    const query = next.toString();
    history.pushState(null, '', `${location.pathname}${query ? `?${query}` : ''}`);
    setParams(next);
  }, []);
  return [params, update];
}

/** A positive page number from the URL (1 when absent or malformed). */
export function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}
