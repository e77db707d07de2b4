# Sourced before each README install step by src/install-steps.test.ts. The steps' own text runs as written,
# with absolute paths mapped under $P; only what needs root or systemd as PID 1 is a function below,
# and each prints "stand-in:" or "skipped:" so the test output lists it.
# Needs: P (the temp prefix), PORT (a free loopback port), MAP (a sed script mapping the absolute paths).
set -euo pipefail

sudo() { "$@"; }
useradd() { echo "skipped: useradd $* (needs root; the service runs as the test's user)"; }
# install's -o/-g need root: dropped, the mode and paths stay
install() {
  local a=()
  while [ $# -gt 0 ]; do
    case "$1" in -o | -g) shift 2 ;; *) a+=("$1") && shift ;; esac
  done
  command install "${a[@]}"
}

# An editor session making step 3's edits: PUBLIC_URL and TRUST_PROXY uncommented, ADMIN_EMAIL and TZ set
sudoedit() {
  echo "stand-in: sudoedit $1 (step 3's edits, made by sed; no mail server here, so SMTP_URL stays unset)"
  sed -i -e 's|^# *\(PUBLIC_URL=https://helpdesk.example.com\)$|\1|' -e 's|^# *\(TRUST_PROXY=true\)$|\1|' \
    -e 's|^# *ADMIN_EMAIL=.*|ADMIN_EMAIL=owner@example.com|' -e 's|^# *\(TZ=.*\)|\1|' "$1"
}

# The unit file as systemd would read it, paths and port mapped the same way
unit() { sed -f "$MAP" -e "s/^Environment=PORT=3000$/Environment=PORT=$PORT/" "$P/etc/systemd/system/helpdesk.service"; }
unit_key() { unit | sed -n "s/^$1=//p"; }
# KEY=VALUE lines as systemd's EnvironmentFile= reads them (comments and blank lines skipped)
env_file() { grep -Ev '^[[:space:]]*([#;]|$)' "$1" || true; }
# Runs "$@" with only the environment the unit (or systemd-run -p) would give: Environment=, then EnvironmentFile=
with_env() {
  local vars=()
  while IFS= read -r v; do vars+=("$v"); done < <(cat "$ENVS")
  env -i PATH="$PATH" "${vars[@]}" "$@"
}

systemd-analyze() {
  if type -P systemd-analyze >/dev/null && [ "$1" = verify ]; then
    # verify needs the ExecStart binary and user to exist; this host's check runs in src/deploy.test.ts
    echo "skipped: systemd-analyze $* (the unit names /opt and a system user; checked in deploy.test.ts)"
  else echo "skipped: systemd-analyze $* (not installed)"; fi
}

start_service() {
  ENVS="$P/.unit-env"
  { unit_key Environment; env_file "$(unit_key EnvironmentFile)"; } >"$ENVS"
  local dir
  dir="$(unit_key WorkingDirectory)" && mkdir -p "$dir" # StateDirectory= creates it
  read -r -a cmd <<<"$(unit_key ExecStart)"
  local vars=()
  while IFS= read -r v; do vars+=("$v"); done <"$ENVS"
  # exec: the pid written is the service's own, and no shell holds the step's output open
  (cd "$dir" && exec env -i PATH="$PATH" "${vars[@]}" "${cmd[@]}" </dev/null >>"$P/journal.log" 2>&1) &
  echo $! >"$P/service.pid"
  for _ in $(seq 1 100); do
    curl -sf "http://127.0.0.1:$PORT/healthz" >/dev/null && return 0
    kill -0 "$(cat "$P/service.pid")" 2>/dev/null || { cat "$P/journal.log"; return 1; }
    sleep 0.1
  done
  echo "service did not answer /healthz" && return 1
}
stop_service() {
  local pid
  pid="$(cat "$P/service.pid" 2>/dev/null)" || return 0
  kill -TERM "$pid" 2>/dev/null || true
  while kill -0 "$pid" 2>/dev/null; do sleep 0.1; done
  rm -f "$P/service.pid"
}
systemctl() {
  echo "stand-in: systemctl $* (the unit's Environment=, EnvironmentFile=, WorkingDirectory=, ExecStart=)"
  case "$*" in
  daemon-reload) ;;
  "enable --now helpdesk" | "start helpdesk") start_service ;;
  "stop helpdesk") stop_service ;;
  "status helpdesk") kill -0 "$(cat "$P/service.pid")" && echo "active (running)" ;;
  *) echo "unknown systemctl use: $*" && return 1 ;;
  esac
}
journalctl() { echo "stand-in: journalctl $* (the service's output)" >&2 && cat "$P/journal.log"; }
# systemd-run -p User=… -p EnvironmentFile=F -p Environment=K=V CMD: the same environment, this user
systemd-run() {
  echo "stand-in: systemd-run (User= dropped, EnvironmentFile= and Environment= applied)" >&2
  local envs="$P/.run-env"
  : >"$envs"
  while [ $# -gt 0 ]; do
    case "$1" in
    -p)
      case "$2" in EnvironmentFile=*) env_file "${2#EnvironmentFile=}" >>"$envs" ;; Environment=*) echo "${2#Environment=}" >>"$envs" ;; esac
      shift 2
      ;;
    --*) shift ;;
    *) break ;;
    esac
  done
  ENVS="$envs" with_env "$@"
}
# Functions a step defines (as_service) carry over to the next steps, as in one shell session
SHIM_FUNCS=" $(compgen -A function | tr '\n' ' ')"
save_functions() {
  local f
  for f in $(compgen -A function); do [[ "$SHIM_FUNCS" == *" $f "* ]] || declare -f "$f"; done >"$P/.functions"
}
trap save_functions EXIT
if [ -f "$P/.functions" ]; then . "$P/.functions"; fi
