/** The tab's title on visitor pages: '{name}'s Gallery · {studio}' (what a browser tab and a bookmark show). */
import { useEffect } from "react";

export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}
