/**
 * The studio's primary colour: a six-digit hex colour ("#6d28d9"), as the settings collection's pattern
 * requires (pb_migrations/1763769600_initial_schema.js); anything else paints with the default.
 */
import { DEFAULT_PRIMARY_COLOR } from "./contract";

export const HEX_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

export function isHexColor(value: string | null | undefined): value is string {
  return typeof value === "string" && HEX_COLOR_PATTERN.test(value);
}

/** The colour to paint with: `value` when it is a valid colour, else the default. */
export function themeColor(value: string | null | undefined): string {
  return isHexColor(value) ? value : DEFAULT_PRIMARY_COLOR;
}
