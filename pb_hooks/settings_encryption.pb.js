/// <reference path="../pb_data/types.d.ts" />
/**
 * `pocketbase save-settings`: writes the app settings back unchanged. Run with `--encryptionEnv` (by
 * `npm start` when PB_ENCRYPTION_KEY is set, scripts/lib/pocketbase.mjs), it encrypts settings an older
 * start stored in plain text; PocketBase itself reads plain settings with a key but encrypts them only on
 * their next save, which could be months away.
 */
$app.rootCmd.addCommand(
  new Command({
    use: "save-settings",
    short: "Save the app settings again (encrypted when --encryptionEnv names a key)",
    run: () => {
      $app.save($app.settings());
    },
  }),
);
