import { Providers } from "./lib/Providers";
import { LoginForm } from "./auth/LoginForm";

export default function Login() {
  return (
    <Providers>
      <LoginForm redirectTo="/admin" />
    </Providers>
  );
}
