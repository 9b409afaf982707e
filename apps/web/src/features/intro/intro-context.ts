import { createContext } from 'react';

/**
 * Set when the intro board is shown in place of the page a first visitor arrived at (the address
 * stays theirs): leaving calls it with where to go, or null to stay on that page.
 */
export const IntroInPlaceContext = createContext<((to: string | null) => void) | null>(null);
