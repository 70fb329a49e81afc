/**
 * The owner's news (issue 43): a client submitted a selection, a guest named themselves in a gallery, as
 * the sync found it (src/sync/news.ts). Shown under the header until dismissed (opening the gallery
 * dismisses its item), and counted on the installed app's icon (the Badging API, where the browser has it).
 */
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect } from "react";
import { Link } from "react-router-dom";
import { db } from "../../store/db";
import { dismissNews, readNews, type NewsItem } from "../../sync/news";
import { showBadge } from "./badge";
import { NEWS_TEXTS } from "./texts";
import "./news.css";

/** How many items show; the rest are counted. */
export const NEWS_SHOWN = 3;

interface Shown extends NewsItem {
  personName: string;
  galleryName: string;
}

async function readShown(): Promise<Shown[]> {
  const news = await readNews(db);
  const people = await db.proofPeople.bulkGet(news.map((n) => n.person));
  const clients = await db.clients.bulkGet(news.map((n) => n.client));
  return news.map((n, i) => ({ ...n, personName: String(people[i]?.name ?? "") || NEWS_TEXTS.someone, galleryName: clients[i]?.name ?? "" }));
}

export function newsText(item: Pick<Shown, "kind" | "personName" | "galleryName">): string {
  return item.kind === "submitted" ? NEWS_TEXTS.submitted(item.personName, item.galleryName) : NEWS_TEXTS.newPerson(item.personName, item.galleryName);
}

export function NewsNotices() {
  const news = useLiveQuery(() => readShown().catch((): Shown[] => []), [], []); // a closed database (signed out): none
  const count = news.length;
  useEffect(() => showBadge(count), [count]);
  if (!count) return null;
  const shown = news.slice(-NEWS_SHOWN).reverse(); // newest first
  return (
    <section className="news-notices" aria-label={NEWS_TEXTS.region} data-testid="news-notices">
      {/* Announced as it arrives; the list keeps its list role (axe: an li needs its ul's). */}
      <div role="status">
        <ul className="news-list">
          {shown.map((item) => (
            <li key={item.id} className={`news-item news-${item.kind}`}>
              <span className="news-dot" aria-hidden="true" />
              <span className="news-text">{newsText(item)}</span>
              <Link to={`/clients/${item.client}`} className="news-open" onClick={() => void dismissNews(db, [item.id])}>
                {NEWS_TEXTS.openGallery}
              </Link>
              <button type="button" className="news-dismiss" aria-label={NEWS_TEXTS.dismissOne(newsText(item))} title={NEWS_TEXTS.dismiss} onClick={() => void dismissNews(db, [item.id])}>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      </div>
      {count > 1 ? (
        <div className="news-more">
          {count > NEWS_SHOWN ? <span>{NEWS_TEXTS.more(count - NEWS_SHOWN)}</span> : null}
          <button type="button" className="link-button" onClick={() => void dismissNews(db)}>
            {NEWS_TEXTS.dismissAll}
          </button>
        </div>
      ) : null}
    </section>
  );
}
