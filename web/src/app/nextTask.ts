/**
 * Resolves in a task of its own, so the browser can paint and handle input between two steps of a long start-up
 * (each step stays a short task: Total Blocking Time counts every task past 50 ms). A message, not a timer: timers
 * are clamped and, in a background tab, held back for up to a second.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Resolves once the page has shown its first content (the browser's first-contentful-paint entry, at once when that
 * is past), or after `fallbackMs` where none comes (a tab in the background paints nothing). For work that must not
 * compete with the first paint.
 */
export function afterFirstContentfulPaint(fallbackMs = 1000): Promise<void> {
  return new Promise((resolve) => {
    if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return resolve();
    const done = () => {
      clearTimeout(timer);
      observer.disconnect();
      resolve();
    };
    const timer = setTimeout(done, fallbackMs);
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length) done();
    });
    observer.observe({ type: 'paint', buffered: true });
  });
}
