/**
 * The one PocketBase client of the app. The SDK keeps the signed-in session in localStorage, which is
 * what lets the owner reopen the app offline. Auto-cancellation is off: screens and sync issue requests
 * that must not cancel each other.
 */
import PocketBase from "pocketbase";

export const pb = new PocketBase(typeof window === "undefined" ? "http://127.0.0.1:8090" : window.location.origin);
pb.autoCancellation(false);
