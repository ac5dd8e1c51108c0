# The vmp-conformance command in a container: `docker build -t vmp-conformance .`, then e.g.
#   docker run --rm -v "$PWD:/work" -e VMP_PRIMARY_TOKEN vmp-conformance run --base-url https://staging.example.com \
#     --profile vmp-profile.json --report-dir vmp-report
# The image holds the package as `npm pack` ships it (built in the first stage, installed in the second), runs as
# the unprivileged `node` user, and works in /work: mount the directory holding the profile, where reports go.
# test/package/docker-image.test.ts builds it where a container engine runs.

FROM node:22-slim AS pack
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm pack --pack-destination /tmp/pack

FROM node:22-slim
ENV NODE_ENV=production
COPY --from=pack /tmp/pack/ /tmp/pack/
RUN npm install --global --no-audit --no-fund /tmp/pack/vmp-conformance-*.tgz \
  && rm -rf /tmp/pack /root/.npm
USER node
WORKDIR /work
ENTRYPOINT ["vmp-conformance"]
CMD ["--help"]
