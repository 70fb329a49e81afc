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
      require(`${__hooks}/lib/maintenance.js`).setMaintenancePassword($os.getenv("SG_MAINTENANCE_PASSWORD"));
    },
  }),
);
