// Reading a Cookie request header, for the few cookies the site has (no cookie library needed).

/** Every value a Cookie header gives the name, in the header's order, unquoted. */
export function cookieValuesOf(cookieHeader: string | undefined | null, name: string): string[] {
  const values: string[] = [];
  for (const pair of cookieHeader?.split(';') ?? []) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    values.push(pair.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1'));
  }
  return values;
}
