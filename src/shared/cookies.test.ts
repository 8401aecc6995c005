import { describe, expect, it } from 'vitest';
import { cookieValuesOf } from './cookies.ts';

describe('cookieValuesOf', () => {
  it('gives the values of exactly that name, in order, unquoted', () => {
    expect(cookieValuesOf('theme=dark; lang=bg;other=1 ;lang="en"', 'lang')).toEqual(['bg', 'en']);
    expect(cookieValuesOf('xlang=bg; langx=bg; lang', 'lang')).toEqual([]);
    expect(cookieValuesOf('session=a=b', 'session')).toEqual(['a=b']);
  });

  it('gives nothing for no header', () => {
    expect(cookieValuesOf('', 'lang')).toEqual([]);
    expect(cookieValuesOf(undefined, 'lang')).toEqual([]);
  });
});
