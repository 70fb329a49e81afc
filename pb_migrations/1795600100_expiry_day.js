/// <reference path="../pb_data/types.d.ts" />
/**
 * A gallery's expiry as a calendar day (issue 37, item 12): `clients.expiryDay` ("YYYY-MM-DD", "" for none)
 * is the day the owner chose, and `expirationDate` becomes the instant the server derives from it, the end of
 * that day in the studio's time zone (pb_hooks/lib/core/expiry.js). Existing galleries keep the day the owner's
 * app showed for them: the day of their stored instant in the studio's zone as it is now. Written with SQL,
 * so no save hook and no field time moves: a device shows the same day from its stored instant until it
 * pulls the day.
 */
migrate(
  (app) => {
    const clients = app.findCollectionByNameOrId("clients");
    clients.fields.add(new TextField({ name: "expiryDay", max: 10, pattern: "^(\\d{4}-\\d{2}-\\d{2})?$" }));
    app.save(clients);

    const settings = app.findRecordsByFilter("settings", "", "created", 1, 0)[0];
    const zone = (settings && settings.getString("timeZone")) || "UTC";
    const startOf = (day) => Date.parse(new DateTime(`${day} 00:00:00`, zone).string().replace(" ", "T"));
    const shift = (day, delta) => {
      const [y, m, d] = day.split("-").map(Number);
      return new Date(Date.UTC(y, m - 1, d + delta)).toISOString().slice(0, 10);
    };
    for (const client of app.findRecordsByFilter("clients", "expirationDate != ''", "", 0, 0)) {
      const ms = Date.parse(client.getString("expirationDate").replace(" ", "T"));
      if (Number.isNaN(ms)) continue;
      const utcDay = new Date(ms - 1).toISOString().slice(0, 10);
      const day = [-1, 0, 1].map((delta) => shift(utcDay, delta)).find((d) => startOf(d) < ms && ms <= startOf(shift(d, 1))) || utcDay;
      app.db().newQuery("UPDATE clients SET expiryDay = {:day} WHERE id = {:id}").bind({ day, id: client.id }).execute();
    }
  },
  (app) => {
    const clients = app.findCollectionByNameOrId("clients");
    clients.fields.removeByName("expiryDay");
    app.save(clients);
  },
);
