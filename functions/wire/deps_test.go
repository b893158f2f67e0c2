package wire_test

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// linked is what each group's Lambda may link of the AWS SDK's service clients: what it uses. A
// client a group does not use costs binary size and cold-start time (its package initialisation),
// so a group that starts linking one fails here until its row says why.
var linked = map[string][]string{
	"admin":         {"dynamodb", "s3", "secretsmanager", "sesv2"},  // release review reads media; sign-up codes by mail
	"audio":         {"dynamodb", "lambda", "s3", "secretsmanager"}, // posts queue jobs (Lambda invoke)
	"auth":          {"dynamodb", "s3", "secretsmanager", "sesv2"},  // s3 through reactivation → shared/post → media
	"beat":          {"dynamodb", "lambda", "s3", "secretsmanager"},
	"chat":          {"apigatewaymanagementapi", "dynamodb", "secretsmanager"},
	"distribution":  {"dynamodb", "s3", "secretsmanager"},
	"feed":          {"dynamodb", "s3", "secretsmanager"},                            // reads posts and signs their media; sends no mail, queues no job
	"jobs":          {"apigatewaymanagementapi", "dynamodb", "s3", "secretsmanager"}, // erasing an account's chat links shared/chat
	"licences":      {"dynamodb", "secretsmanager"},
	"media":         {"dynamodb", "s3", "secretsmanager"},
	"notifications": {"dynamodb", "secretsmanager"},
	"payment":       {"dynamodb", "s3", "secretsmanager", "sesv2"}, // s3 through shared/promotion → post → media
	"promotion":     {"dynamodb", "s3", "secretsmanager"},
	"reconcile":     {"dynamodb", "secretsmanager"},
	"search":        {"dynamodb", "s3", "secretsmanager"},
	"uploads":       {"dynamodb", "s3", "secretsmanager"},
	"user":          {"apigatewaymanagementapi", "dynamodb", "lambda", "s3", "secretsmanager", "sesv2"}, // queues account erasure; mails the deletion code
	"video":         {"dynamodb", "lambda", "s3", "secretsmanager"},
	"wallet":        {"dynamodb", "s3", "secretsmanager"}, // s3 through shared/promotion → post → media: a held promotion price reads as pending
}

// TestGroups_LinkOnlyTheClientsTheyUse lists each Lambda main's dependencies as `make build`
// builds it (go list -deps) and compares the AWS service clients among them with linked.
func TestGroups_LinkOnlyTheClientsTheyUse(t *testing.T) {
	t.Parallel()
	mains, err := filepath.Glob("../*/cmd/main.go")
	if err != nil || len(mains) == 0 {
		t.Fatalf("no Lambda mains under functions/: %v", err)
	}
	const service = "github.com/aws/aws-sdk-go-v2/service/"
	for _, m := range mains {
		group := filepath.Base(filepath.Dir(filepath.Dir(m)))
		t.Run(group, func(t *testing.T) {
			var got []string
			for _, p := range deps(t, "./"+filepath.Dir(m)) {
				if name, ok := strings.CutPrefix(p, service); ok && !strings.Contains(name, "/") {
					got = append(got, name)
				}
			}
			slices.Sort(got)
			want, ok := linked[group]
			if !ok {
				t.Fatalf("group %s has no row in linked; it links %v", group, got)
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s links the clients %v, want %v", group, got, want)
			}
		})
	}
}
