/// <reference path="../pb_data/types.d.ts" />
/**
 * `pocketbase maintenance-superuser`: creates or updates the maintenance scripts' superuser (scripts/lib/
 * admin.mjs) with the password in the environment variable SG_MAINTENANCE_PASSWORD, or, without one, with a
 * fresh random password nobody knows (the rotation after every backup and restore). The password never
 * appears on a command line, where every local user could read it in the process list.
 */
$app.rootCmd.addCommand(
  new Command({
    use: "maintenance-superuser",
    short: "Set the maintenance superuser's password from SG_MAINTENANCE_PASSWORD (random when unset)",
    run: () => {
      const maintenance = require(`${__hooks}/lib/core/maintenance.js`);
      // At start (scripts/lib/pocketbase.mjs): only so that a superuser exists and no installer link is printed.
      if ($os.getenv("SG_ONLY_IF_NO_SUPERUSER") === "1" && maintenance.hasSuperuser()) return;
      maintenance.setMaintenancePassword($os.getenv("SG_MAINTENANCE_PASSWORD"));
    },
  }),
);

/**
 * `pocketbase set-superuser` (run by `npm run superuser`, scripts/superuser.mjs): creates or updates the
 * superuser SG_SUPERUSER_EMAIL with the password SG_SUPERUSER_PASSWORD. Unlike PocketBase's own
 * `superuser upsert EMAIL PASSWORD`, the password comes through the environment, never the command line.
 */
$app.rootCmd.addCommand(
  new Command({
    use: "set-superuser",
    short: "Create or update the superuser SG_SUPERUSER_EMAIL with the password SG_SUPERUSER_PASSWORD",
    run: () => {
      const email = $os.getenv("SG_SUPERUSER_EMAIL");
      const password = $os.getenv("SG_SUPERUSER_PASSWORD");
      if (!email || !password) throw new Error("SG_SUPERUSER_EMAIL and SG_SUPERUSER_PASSWORD must both be set.");
      require(`${__hooks}/lib/core/maintenance.js`).upsertSuperuser(email, password);
      console.log("Superuser " + email + " is set: sign in at /_/ with it.");
    },
  }),
);
