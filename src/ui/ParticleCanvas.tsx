/**
 * Drifting particles behind a screen. The count follows the window's area (one per 10,000 px²) and the
 * particles stand still when the user prefers reduced motion. Drawing happens on one canvas in one
 * requestAnimationFrame loop, so the cost does not grow with DOM nodes.
 */
import { useEffect, useRef } from "react";

interface Particle {
  x: number;
  y: number;
  vx: number;
  vy: number;
  r: number;
}

export const PIXELS_PER_PARTICLE = 10_000;

export function particleCount(width: number, height: number): number {
  return Math.floor((width * height) / PIXELS_PER_PARTICLE);
}

export function ParticleCanvas({ color = "rgba(255,255,255,0.7)" }: { color?: string }) {
  const ref = useRef<HTMLCanvasElement>(null);

  useEffect(() => {
    const canvas = ref.current;
    const ctx = canvas?.getContext("2d");
    if (!canvas || !ctx) return;
    const reduceMotion = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    let particles: Particle[] = [];
    let frame = 0;

    const resize = () => {
      const { innerWidth: w, innerHeight: h } = window;
      canvas.width = w;
      canvas.height = h;
      particles = Array.from({ length: particleCount(w, h) }, () => ({
        x: Math.random() * w,
        y: Math.random() * h,
        vx: (Math.random() - 0.5) * 0.4,
        vy: (Math.random() - 0.5) * 0.4,
        r: Math.random() * 2 + 0.5,
      }));
      canvas.dataset.count = String(particles.length);
      draw();
    };

    const draw = () => {
      ctx.clearRect(0, 0, canvas.width, canvas.height);
      ctx.fillStyle = color;
      for (const p of particles) {
        ctx.beginPath();
        ctx.arc(p.x, p.y, p.r, 0, Math.PI * 2);
        ctx.fill();
      }
    };

    const step = () => {
      for (const p of particles) {
        p.x = (p.x + p.vx + canvas.width) % canvas.width;
        p.y = (p.y + p.vy + canvas.height) % canvas.height;
      }
      draw();
      frame = requestAnimationFrame(step);
    };

    resize();
    window.addEventListener("resize", resize);
    canvas.dataset.animated = String(!reduceMotion);
    if (!reduceMotion) frame = requestAnimationFrame(step);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("resize", resize);
    };
  }, [color]);

  return <canvas ref={ref} className="particles" aria-hidden="true" data-testid="particles" />;
}
