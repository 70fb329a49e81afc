/// <reference path="../pb_data/types.d.ts" />
/**
 * Wrong download PINs beside wrong codes (issue 24): `access_failures` gets `pinFailures` and
 * `lastPinFailureAt`, so the owner sees both per gallery and resets both with the row's delete. Wrong PINs
 * counted before this stay in `failures` (they cannot be told apart any more).
 */
migrate(
  (app) => {
    const failures = app.findCollectionByNameOrId("access_failures");
    if (!failures.fields.getByName("pinFailures")) failures.fields.add(new NumberField({ name: "pinFailures", onlyInt: true, min: 0 }));
    if (!failures.fields.getByName("lastPinFailureAt")) failures.fields.add(new DateField({ name: "lastPinFailureAt" }));
    app.save(failures);
  },
  (app) => {
    const failures = app.findCollectionByNameOrId("access_failures");
    failures.fields.removeByName("pinFailures");
    failures.fields.removeByName("lastPinFailureAt");
    app.save(failures);
  },
);
