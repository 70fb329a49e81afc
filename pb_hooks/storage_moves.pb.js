/// <reference path="../pb_data/types.d.ts" />
/**
 * `pocketbase storage-local` (run by `npm run migrate-files-from-s3`, scripts/migrate-files-from-s3.mjs, once
 * every file is copied back and checked): turns the stored S3 file storage off, so the studio reads and writes
 * its files on the local disk again. The S3 variables of the environment, when still set, turn it on again at
 * the next start (deploy_settings.pb.js), which is why the script says to remove them.
 */
$app.rootCmd.addCommand(
  new Command({
    use: "storage-local",
    short: "Turn the stored S3 file storage off: files on the local disk (after migrate-files-from-s3)",
    run: () => {
      const settings = $app.settings();
      settings.s3.enabled = false;
      $app.save(settings);
    },
  }),
);
