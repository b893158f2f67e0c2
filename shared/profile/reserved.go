package profile

import "strings"

// reservedNames are usernames kept for Zuum itself, for roles people could pretend to hold, and
// for words software mistakes for "no value". They are written as Reserved compares them.
var reservedNames = map[string]bool{}

func init() {
	for _, n := range strings.Fields(`
		admin administrator admins sysadmin root system staff team moderator moderators mod mods
		owner official security abuse
		zuum zuumofficial zuumapp zuumhq zuummusic
		support help helpdesk customerservice customercare service
		api www web app mail email info contact noreply postmaster hostmaster webmaster
		billing payment payments wallet finance
		null undefined nil none anonymous everyone`) {
		reservedNames[n] = true
	}
}

// Reserved reports whether username may not be taken by anyone: a reserved name, alone or joined
// to "zuum" ("zuumsupport", "teamzuum"), compared case-insensitively with dots and underscores
// ignored and a trailing run of digits dropped, so "Zuum_Support", "ADMIN" and "admin2" are all
// reserved.
func Reserved(username string) bool {
	n := strings.NewReplacer(".", "", "_", "").Replace(strings.ToLower(username))
	n = strings.TrimRight(n, "0123456789")
	if n == "" {
		return false
	}
	if reservedNames[n] {
		return true
	}
	if rest, ok := strings.CutPrefix(n, "zuum"); ok && reservedNames[rest] {
		return true
	}
	rest, ok := strings.CutSuffix(n, "zuum")
	return ok && reservedNames[rest]
}
