// Package release is distribution: a release an artist submits to the stores (spec part 2 §2,
// §3, §5), its files, the rules of the five-step wizard checked on the server, and its way
// through review: draft → submitted → in_review → approved | rejected → delivered (from
// approved). The promotion package chosen in step 5 is paid from the wallet when the release is
// submitted (payer → ledger.Held, one movement with the status change), moved to ledger.Fees on
// approval and refunded on rejection. Every change of status notifies the owner (RELEASE_STATUS)
// in the same transaction.
//
// Items live in the Posts table (schema.Posts):
//
//	pk=RELEASE#<id>           sk=RELEASE   the release: owner_id, username, status, reason, package,
//	                                       price (N, kobo), form (the wizard's fields as JSON),
//	                                       created_at, updated_at, submitted_at, version (N)
//	pk=RELEASES#<ownerId>     sk=<id>      the owner's list, newest first (ids are UUIDv7)
//	pk=RELEASEQ#<status>      sk=<id>      the review queue of a status past draft, oldest first
//
// The release item's version grows with every write; each write is conditioned on the version it
// read, so two requests never both act on the same state (two submits charge once).
package release

import (
	"slices"
	"time"

	"zuum/shared/money"
	"zuum/shared/terms"
)

// Status is where a release stands.
type Status string

// Statuses, in the order a release passes them.
const (
	Draft     Status = "draft"
	Submitted Status = "submitted"
	InReview  Status = "in_review"
	Approved  Status = "approved"
	Rejected  Status = "rejected"
	Delivered Status = "delivered"
)

// Statuses lists every status, in order.
var Statuses = []Status{Draft, Submitted, InReview, Approved, Rejected, Delivered}

// Valid reports whether s is a status.
func (s Status) Valid() bool { return slices.Contains(Statuses, s) }

// Package is a promotion package of the wizard's step 5 (spec part 2 §9), as terms.ReleasePackages
// prices it.
type Package = terms.ReleasePackage

// PackageOf returns the package with id ("" is none), and false for an unknown one.
func PackageOf(id string) (Package, bool) {
	if id == "" {
		id = "none"
	}
	i := slices.IndexFunc(terms.ReleasePackages, func(p Package) bool { return p.ID == id })
	if i < 0 {
		return Package{}, false
	}
	return terms.ReleasePackages[i], true
}

// Genres are the wizard's genre options (spec part 2 §5).
var Genres = []string{"pop", "rock", "hip-hop", "electronic", "jazz", "classical", "r&b", "country", "folk", "other"}

// Album track counts (spec part 2 §9).
const (
	MinTracks = 2
	MaxTracks = 15
)

// CopyrightYears is how far a copyright year may lie from the current year, either way.
const CopyrightYears = 5

// Lagos is the zone "today" is counted in for release dates: West Africa Time, UTC+1 all year.
var Lagos = time.FixedZone("Africa/Lagos", 60*60)

// Release is one release and where it stands.
type Release struct {
	ID            string
	OwnerID       string
	OwnerUsername string
	Status        Status
	// Reason is why it was rejected ("" otherwise).
	Reason string
	Form   Form
	// Package is the promotion package paid on submission, Price what it cost (0 for none, and
	// before submission).
	Package     string
	Price       money.Money
	CreatedAt   time.Time
	UpdatedAt   time.Time
	SubmittedAt time.Time // zero until submitted
	Version     int64
}

// Title is the release's title, or "Untitled release" while a draft has none.
func (r Release) Title() string {
	if r.Form.Title == "" {
		return "Untitled release"
	}
	return r.Form.Title
}
