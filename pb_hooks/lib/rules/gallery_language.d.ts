/** Types of gallery_language.js for the Node unit tests (PocketBase runs the plain JavaScript). */
declare const language: {
  LANGUAGES: string[];
  isLanguage(value: unknown): boolean;
  matchLanguage(tag: string): string;
  negotiate(acceptLanguage: string): string;
  pageLanguage(galleryLanguage: string, acceptLanguage: string, studioLanguage: string): string;
  pageTexts(language: string, studio: string): { title: string; description: string };
};
export default language;
