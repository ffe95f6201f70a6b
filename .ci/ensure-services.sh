#!/usr/bin/env bash
# Starts PostgreSQL and Redis with the machine's own commands when they are not answering.
set -u
if ! (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null && command -v pg_ctlcluster >/dev/null; then
  echo "ci: starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
fi
if ! (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null && command -v redis-server >/dev/null; then
  echo "ci: starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log || true
fi
exit 0
