/**
 * The one PocketBase client of the app. The SDK keeps the signed-in session in localStorage, which is
 * what lets the owner reopen the app offline. Auto-cancellation is off: screens and sync issue requests
 * that must not cancel each other.
 */
import PocketBase, { LocalAuthStore } from "pocketbase";
import { SESSION_STORAGE_KEY } from "../domain/user";

export const pb = new PocketBase(typeof window === "undefined" ? "http://127.0.0.1:8090" : window.location.origin, new LocalAuthStore(SESSION_STORAGE_KEY));
pb.autoCancellation(false);
