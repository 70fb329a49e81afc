/** Texts of the presentational building blocks (they may import nothing of the features). */
export const UI_TEXTS = {
  close: "Close",
  files: "Files",
} as const;
