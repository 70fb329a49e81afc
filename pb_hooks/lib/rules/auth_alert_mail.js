/**
 * PocketBase's "Login from a new location" email (issue 37), in the studio's language and under the
 * studio's name: PocketBase's own template is English, names its app ("Acme" by default) and links to its
 * dashboard. Sent when the owner signs in from a device or network PocketBase has not seen for this account.
 * Pure: no PocketBase globals, unit-tested in Node; ../auth_alert.pb.js puts it into the message.
 */
const { mailLanguage } = require("./mail_texts.js");

/** Each language's words: `studio` is the studio's name ("Studio Gallery" when it has none). */
const ALERT_TEXTS = {
  en: {
    subject: (studio) => "New sign-in to " + studio,
    lines: (studio) => [
      "Hello,",
      "Someone signed in to the " + studio + " account (Studio Gallery) from a device or network not seen before.",
      "If this was you, there is nothing to do. If not, change the password now in Settings > Security: that signs out every other device.",
    ],
  },
  de: {
    subject: (studio) => "Neue Anmeldung bei " + studio,
    lines: (studio) => [
      "Hallo,",
      "jemand hat sich von einem bisher unbekannten Gerät oder Netzwerk beim Konto von " + studio + " (Studio Gallery) angemeldet.",
      "Wenn Sie das waren, ist nichts zu tun. Wenn nicht, ändern Sie jetzt das Passwort unter Einstellungen > Sicherheit: Damit werden alle anderen Geräte abgemeldet.",
    ],
  },
  fr: {
    subject: (studio) => "Nouvelle connexion à " + studio,
    lines: (studio) => [
      "Bonjour,",
      "Quelqu’un s’est connecté au compte " + studio + " (Studio Gallery) depuis un appareil ou un réseau inconnu jusqu’ici.",
      "Si c’était vous, il n’y a rien à faire. Sinon, changez dès maintenant le mot de passe dans Paramètres > Sécurité\u202f: tous les autres appareils seront déconnectés.",
    ],
  },
  es: {
    subject: (studio) => "Nuevo inicio de sesión en " + studio,
    lines: (studio) => [
      "Hola:",
      "Alguien ha iniciado sesión en la cuenta de " + studio + " (Studio Gallery) desde un dispositivo o una red que no se había visto antes.",
      "Si fuiste tú, no tienes que hacer nada. Si no, cambia ahora la contraseña en Ajustes > Seguridad: así se cierra la sesión en todos los demás dispositivos.",
    ],
  },
  it: {
    subject: (studio) => "Nuovo accesso a " + studio,
    lines: (studio) => [
      "Ciao,",
      "qualcuno ha effettuato l’accesso all’account di " + studio + " (Studio Gallery) da un dispositivo o una rete mai visti prima.",
      "Se sei stato tu, non devi fare nulla. Altrimenti cambia subito la password in Impostazioni > Sicurezza: così tutti gli altri dispositivi vengono disconnessi.",
    ],
  },
  "pt-BR": {
    subject: (studio) => "Novo acesso a " + studio,
    lines: (studio) => [
      "Olá,",
      "Alguém entrou na conta de " + studio + " (Studio Gallery) a partir de um dispositivo ou rede ainda não vistos.",
      "Se foi você, não é preciso fazer nada. Se não, troque a senha agora em Configurações > Segurança: isso desconecta todos os outros dispositivos.",
    ],
  },
  nl: {
    subject: (studio) => "Nieuwe aanmelding bij " + studio,
    lines: (studio) => [
      "Hallo,",
      "Iemand heeft zich aangemeld bij het account van " + studio + " (Studio Gallery) vanaf een apparaat of netwerk dat nog niet eerder is gezien.",
      "Was jij dit, dan hoef je niets te doen. Zo niet, wijzig dan nu het wachtwoord bij Instellingen > Beveiliging: daarmee worden alle andere apparaten afgemeld.",
    ],
  },
};

/** @param {string} s */
function escapeHtml(s) {
  return String(s).replace(/[&<>"']/g, (c) => /** @type {Record<string, string>} */ ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] || c);
}

/**
 * The alert's { subject, text, html } in the studio's language (English when it has none the app speaks).
 * @param {string} studioLanguage settings.language
 * @param {string} companyName settings.companyName (may be empty)
 * @returns {{ subject: string, text: string, html: string }}
 */
function authAlertMessage(studioLanguage, companyName) {
  const studio = String(companyName || "").trim() || "Studio Gallery";
  const lang = mailLanguage("", studioLanguage);
  const t = ALERT_TEXTS[/** @type {keyof typeof ALERT_TEXTS} */ (lang)];
  const lines = t.lines(studio);
  const html = require("./mail_layout.js").layout({ body: lines.map((l) => "<p>" + escapeHtml(l) + "</p>").join(""), lang });
  return { subject: t.subject(studio), text: lines.join("\n\n"), html };
}

module.exports = { ALERT_TEXTS, authAlertMessage };
