import type { DeviceLayout } from '../../shared/layout/device-context';

/**
 * Spec §2 device rule: an agent that is not Android, iPhone, iPad or iPod gets the desktop layout.
 * (iPadOS Safari that presents itself as a Mac therefore gets the desktop layout, which suits
 * its screen.)
 */
export function layoutForUserAgent(userAgent: string): DeviceLayout {
  return /Android|iPhone|iPad|iPod/i.test(userAgent) ? 'mobile' : 'desktop';
}
