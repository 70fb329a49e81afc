/** Page object of a client's Gallery tab (owner). */
import type { Page } from "playwright-core";
import type { TestFile } from "../support/photos";

export class GalleryTabPage {
  constructor(private readonly page: Page) {}

  uploadPhotos = (files: TestFile[]) => this.page.getByTestId("Upload images").setInputFiles(files);
  uploadZip = (file: TestFile) => this.page.getByTestId("Upload zip archive").setInputFiles(file);
  dialog = () => this.page.getByRole("dialog");
  dialogTitle = (title: string) => this.page.getByRole("heading", { name: title, exact: true });
  fileRow = (name: string) => this.dialog().getByRole("listitem").filter({ hasText: name });
  closeDialog = () => this.dialog().getByRole("button", { name: "Close" }).click();
  showing = (n: number) => this.page.getByText(`Showing ${n} ${n === 1 ? "image" : "images"}`, { exact: true });
  cards = () => this.page.getByRole("list", { name: "Images" }).getByRole("listitem");
  thumbnail = (name: string) => this.page.getByRole("list", { name: "Images" }).getByRole("img", { name, exact: true });
  select = (name: string) => this.page.getByRole("checkbox", { name: `Select ${name}` }).check();
  /** A toolbar choice (ui/ChoiceMenu: "Show", "Import into set", "Move to set") by the text it starts with. */
  choiceButton = (label: string) => this.page.getByRole("button", { name: new RegExp(`^${label}`) });
  /** Picks `option` (its whole text) from the toolbar choice `label`. */
  choose = async (label: string, option: string) => {
    await this.choiceButton(label).click();
    await this.page.getByRole("menu").locator(".menu-item").getByText(option, { exact: true }).click();
  };
  /** The options of the toolbar choice `label`, in order (the menu is closed again). */
  choices = async (label: string) => {
    await this.choiceButton(label).click();
    const texts = await this.page.getByRole("menu").locator(".menu-item").allTextContents();
    await this.page.keyboard.press("Escape");
    return texts;
  };
}
