/** Types of mail_texts.js for the Node unit tests (PocketBase runs the plain JavaScript). */
type Texts = {
  template: string;
  subject: (studio: string) => string;
  open: string;
  reminder: (kind: "reminder-1" | "reminder-7", vars: { client: string; link: string; code: string; studio: string; expiry: string }) => { subject: string; text: string };
};
export const MAIL_TEXTS: Record<string, Texts>;
export function mailTexts(language: string | undefined): Texts;
export function mailLanguage(galleryLanguage: string, studioLanguage: string): string;
export function longDay(language: string, day: number, monthIndex: number, year: number): string;
type SelectionTexts = {
  who: (person: string, client: string) => string;
  subject: (who: string) => string;
  submitted: (who: string, day: string) => string;
  email: (person: string, email: string) => string;
  gallery: string;
  list: (name: string, count: number, limit: number) => string;
  favourites: string;
  comments: string;
  footer: string;
};
export const SELECTION_TEXTS: Record<string, SelectionTexts>;
export function selectionTexts(language: string | undefined): SelectionTexts;
