/**
 * The keyframes of animations that only decorate: a skeleton's pulse (Tailwind's `animate-pulse`,
 * shared/ui/skeleton.tsx). No component handles their events. (A price's flash is no animation:
 * shared/market/flash.ts steps it.)
 */
const DECORATIVE = /^pulse$/;
const ANIMATION_EVENTS = [
  'animationstart',
  'animationiteration',
  'animationend',
  'animationcancel',
];

/**
 * Every CSS animation's start, iterations and end reach React, which listens for each at its root,
 * in the capture and the bubble phase, and walks the component tree from the element up for
 * handlers. On a returning visit to the home page that was 110 to 115 events in the first six
 * seconds (a skeleton list of 22 rows, four pulsing bars each, then the flashes of the live
 * prices, which were animations then): 87 ms at a 4x slower CPU, most of it React's dispatch,
 * inside the page's longest tasks (the browser's own dispatch of the events stays). The window
 * sees an event before React's root does, so the decorative animations' events stop there; every
 * other animation's (a menu's or a dialog's, which Radix waits for) go on. Returns the undoing.
 */
export function keepDecorativeAnimationEventsFromReact(): () => void {
  const stop = (event: Event) => {
    if (DECORATIVE.test((event as AnimationEvent).animationName ?? '')) event.stopPropagation();
  };
  for (const type of ANIMATION_EVENTS) window.addEventListener(type, stop, { capture: true });
  return () => {
    for (const type of ANIMATION_EVENTS) window.removeEventListener(type, stop, { capture: true });
  };
}
