/// <reference path="../pb_data/types.d.ts" />
/**
 * `pocketbase reset-owner-password`: sets the owner's password from NEW_OWNER_PASSWORD (lib/core/owner_password.js).
 * `pocketbase ensure-owner`: when no studio owner exists, create one from OWNER_EMAIL and OWNER_PASSWORD,
 * or print exactly how to. `npm start` runs it after `migrate up` and before `serve`.
 */
$app.rootCmd.addCommand(
  new Command({
    use: "ensure-owner",
    short: "Create the studio owner from OWNER_EMAIL and OWNER_PASSWORD when none exists",
    run: () => {
      require(`${__hooks}/lib/core/owner_bootstrap.js`).ensureStudioOwner();
    },
  }),
);

$app.rootCmd.addCommand(
  new Command({
    use: "reset-owner-password",
    short: "Set the studio owner's password from NEW_OWNER_PASSWORD (npm run reset-owner-password reads it from stdin)",
    run: () => {
      require(`${__hooks}/lib/core/owner_password.js`).resetOwnerPassword();
    },
  }),
);
