import { createContext, useContext } from 'react';

/**
 * The station's words when its database is damaged and it is open for
 * reprints only; undefined while it ships normally. The App reads it once
 * from station.info. The station refuses every write by itself: screens use
 * this only to draw those controls switched off, so the operator is not
 * surprised by a refusal.
 */
export const ReadOnlyContext = createContext<string | undefined>(undefined);

export function useReadOnly(): string | undefined {
  return useContext(ReadOnlyContext);
}
