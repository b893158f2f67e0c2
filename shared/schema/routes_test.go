package schema

import (
	"strings"
	"testing"
)

func TestRouteGroups_OwnDistinctWellFormedPathsUnderAPI(t *testing.T) {
	t.Parallel()
	names, owner := map[string]bool{}, map[string]string{}
	for _, g := range RouteGroups {
		if g.Name == "" || names[g.Name] {
			t.Errorf("group name %q is empty or listed twice", g.Name)
		}
		names[g.Name] = true
		if len(g.Paths) == 0 {
			t.Errorf("%s owns no path", g.Name)
		}
		for _, p := range g.Paths {
			rest := strings.TrimSuffix(p, "/*")
			if !strings.HasPrefix(p, "/api/") || strings.HasSuffix(rest, "/") || strings.ContainsAny(rest, "*{}?") {
				t.Errorf("%s: path %q is neither /api/<path> nor /api/<prefix>/*", g.Name, p)
			}
		}
		for _, prefix := range g.Prefixes() {
			if other, ok := owner[prefix]; ok {
				t.Errorf("prefix %s is owned by both %s and %s", prefix, other, g.Name)
			}
			owner[prefix] = g.Name
		}
	}
}

func TestPrefixes_AreThePathsWithoutTheirWildcardOnce(t *testing.T) {
	t.Parallel()
	g := RouteGroup{Paths: []string{"/api/packages", "/api/packages/*", "/api/promotions/*"}}
	if got := strings.Join(g.Prefixes(), " "); got != "/api/packages /api/promotions" {
		t.Errorf("Prefixes() = %s", got)
	}
}
