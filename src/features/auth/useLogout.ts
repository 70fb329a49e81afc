/** Signs out and goes to /auth with the specification's toast. */
import { useNavigate } from "react-router-dom";
import { signOut } from "../../sync/auth";
import { useSession } from "../../state/session";
import { toast } from "../../state/toast";
import { AUTH_TEXTS } from "./texts";

export function useLogout(): () => void {
  const navigate = useNavigate();
  return () => {
    signOut();
    useSession.getState().setSignedOut();
    toast({ title: AUTH_TEXTS.logoutSuccessTitle, description: AUTH_TEXTS.logoutSuccessDescription });
    navigate("/auth", { replace: true });
  };
}
