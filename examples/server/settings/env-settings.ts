// Whole-number settings read from the environment (a server's limits and timeouts). Pure: an
// empty variable is unset, anything else but a whole number of at least 1 is a ConfigError that
// names the variable, so the server refuses to start with a sentence instead of starting wrong.
import { ConfigError } from './entries';

/** The settings `names` gives a variable for that the environment sets. */
export function wholeNumbersFromEnv<K extends string>(env: Readonly<Record<string, string | undefined>>, names: Readonly<Record<K, string>>): Partial<Record<K, number>> {
  const settings: Partial<Record<K, number>> = {};
  for (const [key, name] of Object.entries(names) as [K, string][]) {
    const value = env[name]?.trim();
    if (value === undefined || value === '') continue;
    if (!/^[1-9][0-9]*$/.test(value) || !Number.isSafeInteger(Number(value))) {
      throw new ConfigError(`${name} must be a whole number of at least 1, got ${JSON.stringify(env[name])}`);
    }
    settings[key] = Number(value);
  }
  return settings;
}

/** Options first (an undefined key is not given), then the environment, then the defaults. */
export function resolveWholeNumbers<T extends { [K in keyof T]: number }>(
  defaults: Readonly<T>,
  names: Readonly<Record<keyof T & string, string>>,
  options: Partial<T> | undefined,
  env: Readonly<Record<string, string | undefined>>,
): T {
  const given = Object.fromEntries(Object.entries(options ?? {}).filter(([, value]) => value !== undefined));
  return { ...defaults, ...wholeNumbersFromEnv<keyof T & string>(env, names), ...given } as T;
}
