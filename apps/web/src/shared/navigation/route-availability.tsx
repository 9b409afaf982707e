import { createContext, useContext } from 'react';

/**
 * Whether a path has a page. The app's route registry provides it, so features and layouts can
 * show a link only once its destination exists, without importing the app layer.
 */
export const RouteAvailabilityContext = createContext<(path: string) => boolean>(() => false);

export function useRouteAvailable(): (path: string) => boolean {
  return useContext(RouteAvailabilityContext);
}
