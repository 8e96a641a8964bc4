/** How the points pages write a time and a number of points. */

/** A time the service sent, in the member's locale (the text itself when it is not one). */
export function when(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}

/** Points with thousands separators: "1,250". */
export function points(value: number): string {
  return value.toLocaleString("en-US");
}
