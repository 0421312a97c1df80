import { describe, expect, it } from 'vitest';
import {
  EMPTY_STATE,
  isHomeView,
  parseSearchState,
  serializeSearchState,
  toApiQuery,
  toggleFacet,
  withSort,
} from './url-state.ts';

describe('parseSearchState', () => {
  it('reads every key, repeated and comma-separated lists alike', () => {
    const state = parseSearchState('?q=upscale&tags=image&tags=video,mask&os=linux&accelerator=cuda&sort=stars&page=3');
    expect(state).toEqual({
      q: 'upscale',
      tags: ['image', 'video', 'mask'],
      os: ['linux'],
      accelerator: ['cuda'],
      sort: 'stars',
      page: 3,
    });
  });

  it('falls back to defaults for malformed values', () => {
    expect(parseSearchState('?sort=random&page=-2&tags=&tags=%20')).toEqual(EMPTY_STATE);
    expect(parseSearchState('?page=1.5').page).toBe(1);
    expect(parseSearchState('?page=abc').page).toBe(1);
    expect(parseSearchState(`?q=${'x'.repeat(500)}`).q).toHaveLength(200);
  });

  it('drops duplicate filter values', () => {
    expect(parseSearchState('?tags=a&tags=a').tags).toEqual(['a']);
  });
});

describe('serializeSearchState', () => {
  it('leaves defaults out', () => {
    expect(serializeSearchState(EMPTY_STATE)).toBe('');
    expect(serializeSearchState({ ...EMPTY_STATE, q: '   ' })).toBe('');
  });

  it('round-trips through parse', () => {
    const state = {
      q: 'lora stack',
      tags: ['a b', 'c&d'],
      os: ['POSIX :: Linux'],
      accelerator: [],
      sort: 'newest' as const,
      page: 2,
    };
    const text = serializeSearchState(state);
    expect(text).toBe('?q=lora+stack&tags=a+b&tags=c%26d&os=POSIX+%3A%3A+Linux&sort=newest&page=2');
    expect(parseSearchState(text)).toEqual(state);
  });
});

describe('toApiQuery', () => {
  it('uses the API parameter names and always sends sort, page and limit', () => {
    const query = new URLSearchParams(toApiQuery({ ...EMPTY_STATE, q: 'mask', tags: ['x', 'y'], os: ['linux'] }, 20));
    expect(query.get('search')).toBe('mask');
    expect(query.getAll('tags')).toEqual(['x', 'y']);
    expect(query.getAll('os')).toEqual(['linux']);
    expect(query.get('sort')).toBe('relevance');
    expect(query.get('page')).toBe('1');
    expect(query.get('limit')).toBe('20');
  });

  it('omits an empty search', () => {
    expect(new URLSearchParams(toApiQuery(EMPTY_STATE)).has('search')).toBe(false);
  });
});

describe('state changes', () => {
  it('toggles a facet value case-insensitively and resets the page', () => {
    const on = toggleFacet({ ...EMPTY_STATE, page: 4 }, 'tags', 'Image');
    expect(on).toMatchObject({ tags: ['Image'], page: 1 });
    expect(toggleFacet(on, 'tags', 'image').tags).toEqual([]);
  });

  it('a sort change goes back to page 1', () => {
    expect(withSort({ ...EMPTY_STATE, page: 3 }, 'downloads')).toMatchObject({ sort: 'downloads', page: 1 });
  });

  it('only the bare state is the home view', () => {
    expect(isHomeView(EMPTY_STATE)).toBe(true);
    expect(isHomeView({ ...EMPTY_STATE, q: 'x' })).toBe(false);
    expect(isHomeView({ ...EMPTY_STATE, tags: ['x'] })).toBe(false);
    expect(isHomeView({ ...EMPTY_STATE, sort: 'downloads' })).toBe(false);
    expect(isHomeView({ ...EMPTY_STATE, page: 2 })).toBe(false);
  });
});
