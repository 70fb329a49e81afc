/** Page objects of /gallery/access and /gallery/:accessUrl. */
import type { Page } from "playwright-core";

export class VisitorGalleryPage {
  constructor(private readonly page: Page) {}

  codeField = () => this.page.getByLabel("Access Code");
  toast = () => this.page.getByTestId("toast");
  gridImages = () => this.page.getByRole("list", { name: "Gallery" }).getByRole("img");
  sidebarRows = () => this.page.getByRole("list", { name: "Gallery Images" }).getByRole("listitem");
  search = () => this.page.getByPlaceholder("Search images...");

  async enterCode(code: string, button: "Access Gallery" | "View Gallery" = "Access Gallery") {
    await this.codeField().fill(code);
    await this.page.getByRole("button", { name: button }).click();
  }
}
