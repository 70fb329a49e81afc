/**
 * Files dropped where nothing takes them never open in the tab (issue 43): a photo dropped on the header or
 * the dashboard would otherwise replace the app with the picture. Listens on the window, after the drop zones
 * and the gallery page (which take their drops first, on the page).
 */
function hasFiles(event: DragEvent): boolean {
  return !!event.dataTransfer && [...event.dataTransfer.types].includes("Files");
}

export function keepFileDropsInApp(): void {
  window.addEventListener("dragover", (event) => {
    if (!hasFiles(event) || event.defaultPrevented) return;
    event.preventDefault();
    event.dataTransfer!.dropEffect = "none";
  });
  window.addEventListener("drop", (event) => {
    if (hasFiles(event)) event.preventDefault();
  });
}
