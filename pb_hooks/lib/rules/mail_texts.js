/**
 * The studio's emails in each gallery's language (issue 27): the gallery email's default text and subject,
 * the expiry reminders, the HTML part's button, and the long date; and the studio's own email when a client
 * submits a selection, in the studio's language (settings.language). The languages of the app
 * (pb_hooks/lib/rules/gallery_language.js). Pure: no PocketBase globals, unit-tested in Node.
 *
 * A studio's own template (Settings > General) is sent as the studio wrote it, whatever the language.
 */

/**
 * @typedef {{ client: string, link: string, code: string, studio: string, expiry: string }} ReminderVars
 * @typedef {object} Texts
 * @property {string} template
 * @property {(studio: string) => string} subject
 * @property {string} open
 * @property {(kind: "reminder-1" | "reminder-7", vars: ReminderVars) => { subject: string, text: string }} reminder
 * @typedef {object} SelectionTexts
 * @property {(person: string, client: string) => string} who
 * @property {(who: string) => string} subject
 * @property {(who: string, day: string) => string} submitted
 * @property {(person: string, email: string) => string} email
 * @property {string} gallery
 * @property {(name: string, count: number, limit: number) => string} list
 * @property {string} favourites
 * @property {string} comments
 * @property {string} footer
 */

/** @type {{ en: string[], [language: string]: string[] }} */
const MONTHS = {
  en: ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"],
  de: ["Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September", "Oktober", "November", "Dezember"],
  fr: ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre", "octobre", "novembre", "décembre"],
  es: ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto", "septiembre", "octubre", "noviembre", "diciembre"],
  it: ["gennaio", "febbraio", "marzo", "aprile", "maggio", "giugno", "luglio", "agosto", "settembre", "ottobre", "novembre", "dicembre"],
  "pt-BR": ["janeiro", "fevereiro", "março", "abril", "maio", "junho", "julho", "agosto", "setembro", "outubro", "novembro", "dezembro"],
  nl: ["januari", "februari", "maart", "april", "mei", "juni", "juli", "augustus", "september", "oktober", "november", "december"],
};

/**
 * A calendar day as each language writes it in full: "June 1, 2026", "1. Juni 2026", "1er juin 2026".
 * @type {{ en: (day: number, month: string, year: number) => string, [language: string]: (day: number, month: string, year: number) => string }}
 */
const DAY_FORMATS = {
  en: (d, m, y) => m + " " + d + ", " + y,
  de: (d, m, y) => d + ". " + m + " " + y,
  fr: (d, m, y) => (d === 1 ? "1er" : d) + " " + m + " " + y,
  es: (d, m, y) => d + " de " + m + " de " + y,
  it: (d, m, y) => d + " " + m + " " + y,
  "pt-BR": (d, m, y) => d + " de " + m + " de " + y,
  nl: (d, m, y) => d + " " + m + " " + y,
};

/**
 * @param {string} language
 * @param {number} day
 * @param {number} monthIndex
 * @param {number} year
 * @returns {string}
 */
function longDay(language, day, monthIndex, year) {
  const months = MONTHS[language] || MONTHS.en;
  const format = (MONTHS[language] && DAY_FORMATS[language]) || DAY_FORMATS.en;
  return format(day, String(months[monthIndex]), year);
}

/**
 * Each language's texts. `template` is the gallery email's default (the same placeholders as the studio's
 * own: {client}, {link}, {code}, {studio}, {expiry}); `reminder(kind, v)` is a reminder's { subject, text }.
 * @type {{ en: Texts, [language: string]: Texts }}
 */
const MAIL_TEXTS = {
  en: {
    template: "Hello {client},\n\nYour photos are ready! Open your private gallery at {link} and enter the access code {code}.\n\nWe hope you enjoy them.\n{studio}",
    subject: (studio) => (studio ? "Your photos from " + studio + " are ready" : "Your photos are ready"),
    open: "Open your gallery",
    reminder: (kind, v) => {
      const when = kind === "reminder-1" ? "tomorrow" : "in 7 days";
      return {
        subject: "Your gallery" + (v.studio ? " from " + v.studio : "") + " expires " + when,
        text: "Hello " + v.client + ",\n\nA reminder that your private gallery closes " + when + " (" + v.expiry + "). Download or choose your favourite photos before then at " + v.link + " with the access code " + v.code + ".\n\n" + (v.studio || ""),
      };
    },
  },
  de: {
    template: "Hallo {client},\n\nIhre Fotos sind fertig! Öffnen Sie Ihre private Galerie unter {link} und geben Sie den Zugangscode {code} ein.\n\nWir wünschen Ihnen viel Freude damit.\n{studio}",
    subject: (studio) => (studio ? "Ihre Fotos von " + studio + " sind fertig" : "Ihre Fotos sind fertig"),
    open: "Galerie öffnen",
    reminder: (kind, v) => {
      const when = kind === "reminder-1" ? "morgen" : "in 7 Tagen";
      return {
        subject: "Ihre Galerie" + (v.studio ? " von " + v.studio : "") + " läuft " + when + " ab",
        text: "Hallo " + v.client + ",\n\nnur zur Erinnerung: Ihre private Galerie schließt " + when + " (" + v.expiry + "). Laden Sie Ihre Fotos bis dahin herunter oder wählen Sie Ihre Favoriten unter " + v.link + " mit dem Zugangscode " + v.code + ".\n\n" + (v.studio || ""),
      };
    },
  },
  fr: {
    template: "Bonjour {client},\n\nVos photos sont prêtes\u202f! Ouvrez votre galerie privée sur {link} et saisissez le code d’accès {code}.\n\nNous espérons qu’elles vous plairont.\n{studio}",
    subject: (studio) => (studio ? "Vos photos de " + studio + " sont prêtes" : "Vos photos sont prêtes"),
    open: "Ouvrir votre galerie",
    reminder: (kind, v) => {
      const when = kind === "reminder-1" ? "demain" : "dans 7 jours";
      return {
        subject: "Votre galerie" + (v.studio ? " de " + v.studio : "") + " expire " + when,
        text: "Bonjour " + v.client + ",\n\nPetit rappel\u202f: votre galerie privée ferme " + when + " (" + v.expiry + "). Téléchargez ou choisissez vos photos préférées d’ici là sur " + v.link + " avec le code d’accès " + v.code + ".\n\n" + (v.studio || ""),
      };
    },
  },
  es: {
    template: "Hola, {client}:\n\n¡Tus fotos están listas! Abre tu galería privada en {link} e introduce el código de acceso {code}.\n\nEsperamos que las disfrutes.\n{studio}",
    subject: (studio) => (studio ? "Tus fotos de " + studio + " están listas" : "Tus fotos están listas"),
    open: "Abrir tu galería",
    reminder: (kind, v) => {
      const when = kind === "reminder-1" ? "mañana" : "dentro de 7 días";
      return {
        subject: "Tu galería" + (v.studio ? " de " + v.studio : "") + " caduca " + when,
        text: "Hola, " + v.client + ":\n\nTe recordamos que tu galería privada se cierra " + when + " (" + v.expiry + "). Descarga o elige tus fotos favoritas antes en " + v.link + " con el código de acceso " + v.code + ".\n\n" + (v.studio || ""),
      };
    },
  },
  it: {
    template: "Ciao {client},\n\nle tue foto sono pronte! Apri la tua galleria privata su {link} e inserisci il codice di accesso {code}.\n\nSperiamo che ti piacciano.\n{studio}",
    subject: (studio) => (studio ? "Le tue foto di " + studio + " sono pronte" : "Le tue foto sono pronte"),
    open: "Apri la tua galleria",
    reminder: (kind, v) => {
      const when = kind === "reminder-1" ? "domani" : "tra 7 giorni";
      return {
        subject: "La tua galleria" + (v.studio ? " di " + v.studio : "") + " scade " + when,
        text: "Ciao " + v.client + ",\n\nti ricordiamo che la tua galleria privata chiude " + when + " (" + v.expiry + "). Scarica o scegli le tue foto preferite entro allora su " + v.link + " con il codice di accesso " + v.code + ".\n\n" + (v.studio || ""),
      };
    },
  },
  "pt-BR": {
    template: "Olá, {client}!\n\nSuas fotos estão prontas! Abra sua galeria particular em {link} e digite o código de acesso {code}.\n\nEsperamos que você goste.\n{studio}",
    subject: (studio) => (studio ? "Suas fotos de " + studio + " estão prontas" : "Suas fotos estão prontas"),
    open: "Abrir sua galeria",
    reminder: (kind, v) => {
      const when = kind === "reminder-1" ? "amanhã" : "em 7 dias";
      return {
        subject: "Sua galeria" + (v.studio ? " de " + v.studio : "") + " expira " + when,
        text: "Olá, " + v.client + "!\n\nLembrete: sua galeria particular fecha " + when + " (" + v.expiry + "). Baixe ou escolha suas fotos favoritas até lá em " + v.link + " com o código de acesso " + v.code + ".\n\n" + (v.studio || ""),
      };
    },
  },
  nl: {
    template: "Hallo {client},\n\nJe foto’s zijn klaar! Open je privégalerij op {link} en vul de toegangscode {code} in.\n\nWe hopen dat je ervan geniet.\n{studio}",
    subject: (studio) => (studio ? "Je foto’s van " + studio + " zijn klaar" : "Je foto’s zijn klaar"),
    open: "Open je galerij",
    reminder: (kind, v) => {
      const when = kind === "reminder-1" ? "morgen" : "over 7 dagen";
      return {
        subject: "Je galerij" + (v.studio ? " van " + v.studio : "") + " verloopt " + when,
        text: "Hallo " + v.client + ",\n\nEen herinnering: je privégalerij sluit " + when + " (" + v.expiry + "). Download of kies je favoriete foto’s vóór die tijd op " + v.link + " met de toegangscode " + v.code + ".\n\n" + (v.studio || ""),
      };
    },
  },
};

/**
 * The studio's own email when a person submits a selection (issue 27), in the studio's language: `who` names
 * the person (and the gallery when they are not its client), `day` is the submission's day in full ("" for none).
 * @type {{ en: SelectionTexts, [language: string]: SelectionTexts }}
 */
const SELECTION_TEXTS = {
  en: {
    who: (person, client) => person + " (" + client + "'s gallery)",
    subject: (who) => who + " submitted their selection",
    submitted: (who, day) => who + " submitted their selection" + (day ? " on " + day : "") + ".",
    email: (person, email) => person + "'s email: " + email,
    gallery: "Gallery: ",
    list: (name, count, limit) => name + ": " + count + (limit > 0 ? " of " + limit : "") + " chosen",
    favourites: "Favourites: ",
    comments: "Comments: ",
    footer: "Open the client's page in Studio Gallery to see the photos, copy the file names or unlock the selection.",
  },
  de: {
    who: (person, client) => person + " (Galerie von " + client + ")",
    subject: (who) => who + " hat die Auswahl abgeschickt",
    submitted: (who, day) => who + " hat die Auswahl" + (day ? " am " + day : "") + " abgeschickt.",
    email: (person, email) => "E-Mail von " + person + ": " + email,
    gallery: "Galerie: ",
    list: (name, count, limit) => name + ": " + count + (limit > 0 ? " von " + limit : "") + " ausgewählt",
    favourites: "Favoriten: ",
    comments: "Kommentare: ",
    footer: "Öffnen Sie die Seite des Kunden in Studio Gallery, um die Fotos zu sehen, die Dateinamen zu kopieren oder die Auswahl freizugeben.",
  },
  fr: {
    who: (person, client) => person + " (galerie de " + client + ")",
    subject: (who) => who + " a envoyé sa sélection",
    submitted: (who, day) => who + " a envoyé sa sélection" + (day ? " le " + day : "") + ".",
    email: (person, email) => "E-mail de " + person + "\u202f: " + email,
    gallery: "Galerie\u202f: ",
    list: (name, count, limit) => name + "\u202f: " + count + " choisie" + (count > 1 ? "s" : "") + (limit > 0 ? " sur " + limit : ""),
    favourites: "Favoris\u202f: ",
    comments: "Commentaires\u202f: ",
    footer: "Ouvrez la page du client dans Studio Gallery pour voir les photos, copier les noms de fichiers ou déverrouiller la sélection.",
  },
  es: {
    who: (person, client) => person + " (galería de " + client + ")",
    subject: (who) => who + " ha enviado su selección",
    submitted: (who, day) => who + " ha enviado su selección" + (day ? " el " + day : "") + ".",
    email: (person, email) => "Correo de " + person + ": " + email,
    gallery: "Galería: ",
    list: (name, count, limit) => name + ": " + count + (count === 1 ? " elegida" : " elegidas") + (limit > 0 ? " de " + limit : ""),
    favourites: "Favoritas: ",
    comments: "Comentarios: ",
    footer: "Abre la página del cliente en Studio Gallery para ver las fotos, copiar los nombres de archivo o desbloquear la selección.",
  },
  it: {
    who: (person, client) => person + " (galleria di " + client + ")",
    subject: (who) => who + " ha inviato la sua selezione",
    submitted: (who, day) => who + " ha inviato la sua selezione" + (day ? " il " + day : "") + ".",
    email: (person, email) => "Email di " + person + ": " + email,
    gallery: "Galleria: ",
    list: (name, count, limit) => name + ": " + count + (count === 1 ? " scelta" : " scelte") + (limit > 0 ? " su " + limit : ""),
    favourites: "Preferite: ",
    comments: "Commenti: ",
    footer: "Apri la pagina del cliente in Studio Gallery per vedere le foto, copiare i nomi dei file o sbloccare la selezione.",
  },
  "pt-BR": {
    who: (person, client) => person + " (galeria de " + client + ")",
    subject: (who) => who + " enviou a seleção",
    submitted: (who, day) => who + " enviou a seleção" + (day ? " em " + day : "") + ".",
    email: (person, email) => "E-mail de " + person + ": " + email,
    gallery: "Galeria: ",
    list: (name, count, limit) => name + ": " + count + (count === 1 ? " escolhida" : " escolhidas") + (limit > 0 ? " de " + limit : ""),
    favourites: "Favoritas: ",
    comments: "Comentários: ",
    footer: "Abra a página do cliente no Studio Gallery para ver as fotos, copiar os nomes dos arquivos ou desbloquear a seleção.",
  },
  nl: {
    who: (person, client) => person + " (galerij van " + client + ")",
    subject: (who) => who + " heeft de selectie verstuurd",
    submitted: (who, day) => who + " heeft de selectie" + (day ? " op " + day : "") + " verstuurd.",
    email: (person, email) => "E-mail van " + person + ": " + email,
    gallery: "Galerij: ",
    list: (name, count, limit) => name + ": " + count + (limit > 0 ? " van " + limit : "") + " gekozen",
    favourites: "Favorieten: ",
    comments: "Opmerkingen: ",
    footer: "Open de pagina van de klant in Studio Gallery om de foto’s te zien, de bestandsnamen te kopiëren of de selectie te ontgrendelen.",
  },
};

/** A language's selection email texts; English for one the app does not speak. @param {string | undefined} language @returns {SelectionTexts} */
function selectionTexts(language) {
  return (language && SELECTION_TEXTS[language]) || SELECTION_TEXTS.en;
}

/** A language's mail texts; English for one the app does not speak. @param {string | undefined} language @returns {Texts} */
function mailTexts(language) {
  return (language && MAIL_TEXTS[language]) || MAIL_TEXTS.en;
}

/** The language an email goes out in: the gallery's, else the studio's, else English (no browser to ask). */
/** @param {string} galleryLanguage @param {string} studioLanguage @returns {string} */
function mailLanguage(galleryLanguage, studioLanguage) {
  if (MAIL_TEXTS[galleryLanguage]) return galleryLanguage;
  return MAIL_TEXTS[studioLanguage] ? studioLanguage : "en";
}

module.exports = { MAIL_TEXTS, SELECTION_TEXTS, mailTexts, selectionTexts, mailLanguage, longDay };
