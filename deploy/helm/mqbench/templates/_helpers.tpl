{{/*
The release's base name: the release name when it already says "mqbench" (release "mqbench"
gives mqbench-worker, mqbench-coordinator, ...), else "<release>-mqbench". At most 52
characters, so that "<name>-worker-<ordinal>" stays a valid pod name and DNS label.
*/}}
{{- define "mqbench.fullname" -}}
{{- if contains .Chart.Name .Release.Name -}}
{{- .Release.Name | trunc 52 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name .Chart.Name | trunc 52 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}

{{/* The workers' StatefulSet and their headless Service share this name. */}}
{{- define "mqbench.workerName" -}}
{{- include "mqbench.fullname" . }}-worker
{{- end -}}

{{/* Selector labels of one component: pass (dict "root" $ "component" "worker"). */}}
{{- define "mqbench.selectorLabels" -}}
app.kubernetes.io/name: {{ .root.Chart.Name }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{/* Every object's labels: the selector labels and the version. */}}
{{- define "mqbench.labels" -}}
{{ include "mqbench.selectorLabels" . }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
{{- end -}}

{{- define "mqbench.image" -}}
{{ .Values.image.repository }}:{{ .Values.image.tag | default .Chart.AppVersion }}
{{- end -}}

{{/* The workers' addresses, one per pod of the StatefulSet, by their stable DNS names. */}}
{{- define "mqbench.workerUrls" -}}
{{- $name := include "mqbench.workerName" . -}}
{{- $urls := list -}}
{{- range $i := until (int .Values.workers) -}}
{{- $urls = append $urls (printf "http://%s-%d.%s:%d" $name $i $name (int $.Values.worker.port)) -}}
{{- end -}}
{{- join "," $urls -}}
{{- end -}}

{{/*
The "restricted" Pod Security Standard: the image's user (10001; fsGroup lets it read the
token, mode 0440, group 10001), no root, the runtime's default seccomp profile.
*/}}
{{- define "mqbench.podSecurityContext" -}}
runAsNonRoot: true
runAsUser: 10001
runAsGroup: 10001
fsGroup: 10001
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{/* ... and in every container: no privilege escalation, no capabilities, a read-only root. */}}
{{- define "mqbench.containerSecurityContext" -}}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
capabilities:
  drop: ["ALL"]
{{- end -}}

{{/* The checks that stop a rendering before anything is applied. */}}
{{- define "mqbench.validate" -}}
{{- if lt (int .Values.workers) 1 -}}
{{- fail (printf "workers must be at least 1, not %v" .Values.workers) -}}
{{- end -}}
{{- if ne (empty .Values.config.driver) (empty .Values.config.workload) -}}
{{- fail "config.driver and config.workload go together: give both files (--set-file) for the chart to create the ConfigMap, or neither to use an existing one" -}}
{{- end -}}
{{- end -}}
