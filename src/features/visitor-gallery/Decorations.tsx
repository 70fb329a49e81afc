/**
 * The access page's decoration: 100 stars, 30 fireflies and 10 card particles. Pure CSS animations of
 * transform and opacity (the compositor runs them, no main-thread work, no layout), with positions from a
 * fixed sequence so nothing is computed per frame. Under reduced motion they stand still (access.css).
 */
import { memo } from "react";
import "./access.css";

function sequence(count: number, seed: number): number[][] {
  let x = seed;
  const next = () => ((x = (x * 1103515245 + 12345) >>> 0) >>> 8) / 0x1000000;
  return Array.from({ length: count }, () => [next(), next(), next(), next()]);
}

const STARS = sequence(100, 11);
const FIREFLIES = sequence(30, 29);
const CARDS = sequence(10, 47);

export const Decorations = memo(function Decorations() {
  return (
    <div className="decorations" aria-hidden="true">
      {STARS.map(([x, y, s, d], i) => (
        <span key={`s${i}`} className="star" style={{ left: `${x! * 100}%`, top: `${y! * 100}%`, width: 1 + s! * 2, height: 1 + s! * 2, animationDelay: `${d! * 4}s` }} />
      ))}
      {FIREFLIES.map(([x, y, , d], i) => (
        <span key={`f${i}`} className="firefly" style={{ left: `${x! * 100}%`, top: `${y! * 100}%`, animationDelay: `${d! * 8}s`, animationDuration: `${8 + d! * 6}s` }} />
      ))}
      {CARDS.map(([x, y, s, d], i) => (
        <span key={`c${i}`} className="card-particle" style={{ left: `${x! * 90}%`, top: `${y! * 90}%`, transform: `rotate(${(s! - 0.5) * 40}deg)`, animationDelay: `${d! * 10}s` }} />
      ))}
    </div>
  );
});
