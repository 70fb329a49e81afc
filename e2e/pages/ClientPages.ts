/** Page objects of /clients/new and /clients/:id. */
import type { Page } from "playwright-core";

export class NewClientPage {
  constructor(private readonly page: Page) {}

  async create(fields: { name: string; email?: string; accessCode?: string }) {
    await this.page.getByLabel("Name", { exact: true }).fill(fields.name);
    if (fields.email) await this.page.getByLabel("Email").fill(fields.email);
    if (fields.accessCode !== undefined) await this.page.getByLabel("Access Code").fill(fields.accessCode);
    await this.page.getByRole("button", { name: "Create Client" }).click();
  }
}

export class ClientDetailPage {
  constructor(private readonly page: Page) {}

  heading = (name: string) => this.page.getByRole("heading", { name });

  async openDetails() {
    await this.page.getByRole("tab", { name: "Client Details" }).click();
  }

  notes = () => this.page.getByLabel("Notes");

  accessCode = () => this.page.getByLabel("Access Code");

  /** The message under the Access Code field (an error or a warning). */
  accessCodeMessage = (text: string | RegExp) => this.page.locator(".field-group").getByText(text);

  async generateCode() {
    await this.page.getByRole("button", { name: "Generate new code" }).click();
  }

  async save() {
    await this.page.getByRole("button", { name: "Save Changes" }).click();
  }
}
