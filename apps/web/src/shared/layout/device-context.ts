import { createContext, useContext } from 'react';

export type DeviceLayout = 'mobile' | 'desktop';

/** Which layout the app chose for this agent (app/layouts/device.ts), for pages that adapt. */
export const DeviceLayoutContext = createContext<DeviceLayout>('desktop');

export function useDeviceLayout(): DeviceLayout {
  return useContext(DeviceLayoutContext);
}
