/** The app page of one class: /classes opens it in its dialog (and shows its week). */
export function classPath(instance: { id: string; date: string }): string {
  return `/classes?class=${encodeURIComponent(instance.id)}&date=${instance.date}`;
}
