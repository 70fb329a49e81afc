/// <reference path="../pb_data/types.d.ts" />
/**
 * `pocketbase ensure-owner`: when no studio owner exists, create one from OWNER_EMAIL and OWNER_PASSWORD,
 * or print exactly how to. `npm start` runs it after `migrate up` and before `serve`.
 */
$app.rootCmd.addCommand(
  new Command({
    use: "ensure-owner",
    short: "Create the studio owner from OWNER_EMAIL and OWNER_PASSWORD when none exists",
    run: () => {
      require(`${__hooks}/lib/owner_bootstrap.js`).ensureStudioOwner();
    },
  }),
);
