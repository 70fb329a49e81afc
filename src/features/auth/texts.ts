/** Texts of sign-in and sign-out, worded exactly as the specification (sections 2, 5 and 8). */
export const AUTH_TEXTS = {
  heading: "Photography Gallery",
  subtitle: "Professional photography collections",
  usernameLabel: "Username",
  passwordLabel: "Password",
  usernameRequired: "Username is required",
  passwordRequired: "Password is required",
  login: "Login",
  loggingIn: "Logging in...",
  loginSuccessTitle: "Login successful",
  loginSuccessDescription: "Welcome back!",
  loginFailed: "Login failed",
  logout: "Logout",
  logoutSuccessTitle: "Logged out",
  logoutSuccessDescription: "You have been logged out successfully.",
  logoutFailed: "Logout failed",
  loadingSession: "Loading your session",
} as const;
