/** Page objects of /clients/new and /clients/:id. */
import type { Page } from "playwright-core";

export class NewClientPage {
  constructor(private readonly page: Page) {}

  async create(fields: { name: string; email?: string }) {
    await this.page.getByLabel("Name", { exact: true }).fill(fields.name);
    if (fields.email) await this.page.getByLabel("Email").fill(fields.email);
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

  async save() {
    await this.page.getByRole("button", { name: "Save Changes" }).click();
  }
}
