package wire_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"zuum/shared/schema"
)

// readsWith names the route sets a read model links without mounting them: the feed and search
// render posts as the posts route set does (posts.Deps, posts.PostJSON) and serve none of its
// routes.
var readsWith = map[string][]string{
	"feed":   {"posts"},
	"search": {"posts"},
}

// TestGroups_LinkTheRouteSetsTheirRowMounts holds schema.RouteGroups to the code: a Lambda's
// main links (go list -deps) the route sets its row's Mounts names and no other functions/
// package but functions/wire's, those of readsWith and its own (which a row lists when that
// package has routes; audio's and video's only wire posts). A main without a row (the jobs
// worker, the chat socket, the reconciler) links no route set but its own.
func TestGroups_LinkTheRouteSetsTheirRowMounts(t *testing.T) {
	t.Parallel()
	mains, err := filepath.Glob("../*/cmd/main.go")
	if err != nil || len(mains) == 0 {
		t.Fatalf("no Lambda mains under functions/: %v", err)
	}
	rows := map[string]schema.RouteGroup{}
	for _, g := range schema.RouteGroups {
		rows[g.Name] = g
		if _, err := os.Stat(filepath.Join("..", g.Name, "cmd", "main.go")); err != nil {
			t.Errorf("group %s has no main (functions/%s/cmd/main.go)", g.Name, g.Name)
		}
	}
	for _, m := range mains {
		group := filepath.Base(filepath.Dir(filepath.Dir(m)))
		t.Run(group, func(t *testing.T) {
			got := linkedRouteSets(t, "./"+filepath.Dir(m))
			if !slices.Contains(rows[group].Mounts, group) {
				// its own package only wires what it mounts (audio, video), or it has no row
				got = slices.DeleteFunc(got, func(name string) bool { return name == group })
			}
			want := slices.Clone(rows[group].Mounts)
			want = append(want, readsWith[group]...)
			slices.Sort(want)
			want = slices.Compact(want)
			if !slices.Equal(got, want) {
				t.Errorf("functions/%s/cmd links the route sets %v; its row in shared/schema mounts %v (with readsWith %v)",
					group, got, rows[group].Mounts, readsWith[group])
			}
		})
	}
}

// deps lists the packages the main at dir links, as `make build` builds it (go list -deps).
func deps(t *testing.T, dir string) []string {
	t.Helper()
	cmd := exec.Command("go", "list", "-deps", "-tags", "lambda.norpc", dir)
	cmd.Env = append(cmd.Environ(), "GOOS=linux", "GOARCH=arm64", "CGO_ENABLED=0")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list -deps %s: %v", dir, err)
	}
	return strings.Fields(string(out))
}

// linkedRouteSets lists the functions/ packages the main at dir links but its cmd and
// functions/wire's.
func linkedRouteSets(t *testing.T, dir string) []string {
	t.Helper()
	var got []string
	for _, p := range deps(t, dir) {
		name, ok := strings.CutPrefix(p, "zuum/functions/")
		if !ok || name == "wire" || strings.HasPrefix(name, "wire/") || strings.HasSuffix(name, "/cmd") {
			continue
		}
		got = append(got, name)
	}
	slices.Sort(got)
	return got
}
