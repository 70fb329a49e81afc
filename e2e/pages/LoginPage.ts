/** Page object of /auth. */
import type { Page } from "playwright-core";

export class LoginPage {
  constructor(private readonly page: Page) {}

  username = () => this.page.getByLabel("Username");
  password = () => this.page.getByLabel("Password");
  submit = () => this.page.getByRole("button", { name: /Login|Logging in/ });
  toast = () => this.page.getByTestId("toast");

  async signIn(username: string, password: string) {
    await this.username().fill(username);
    await this.password().fill(password);
    await this.submit().click();
  }
}
