package search_test

import (
	"context"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	searchfn "zuum/functions/search"
	"zuum/shared/post"
	"zuum/shared/profile"
	"zuum/shared/schema"
)

// forget turns the tables back into what a deployment made before search holds: no token items,
// no words on posts.
func forget(t *testing.T, db *dynamodb.Client) {
	t.Helper()
	ctx := context.Background()
	for _, table := range []string{schema.Users.Name, schema.Posts.Name} {
		out, err := db.Scan(ctx, &dynamodb.ScanInput{TableName: aws.String(table)})
		if err != nil {
			t.Fatal(err)
		}
		for _, it := range out.Items {
			pk := it["pk"].(*types.AttributeValueMemberS).Value
			key := map[string]types.AttributeValue{"pk": it["pk"], "sk": it["sk"]}
			switch {
			case strings.HasPrefix(pk, "SEARCH#"):
				_, err = db.DeleteItem(ctx, &dynamodb.DeleteItemInput{TableName: aws.String(table), Key: key})
			case it["search_words"] != nil:
				delete(it, "search_words")
				_, err = db.PutItem(ctx, &dynamodb.PutItemInput{TableName: aws.String(table), Item: it})
			}
			if err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestBackfill_IndexesWhatWasMadeBeforeSearch(t *testing.T) {
	t.Parallel()
	w := start(t)
	ngozi := w.user("ngozi_x", "Ngozi", "Eze")
	me := w.user("searcher", "Chidi", "Okafor")
	w.post(ngozi, "audio", "Onitsha market song", nil)
	w.post(ngozi, "video", "Onitsha private", map[string]any{"public": false})
	db := w.app.Cloud.DynamoDB
	forget(t, db)
	if f := search(t, me, "onitsha", "", "", 0); f.posts != nil {
		t.Fatalf("found before the backfill: %v", f.posts)
	}
	profiles := profile.NewStore(db, schema.Users.Name)
	posts := post.NewStore(post.Config{DB: db, Table: schema.Posts.Name, Users: schema.Users.Name})
	for run, wantPosts := range []int{1, 0} { // the second run finds nothing left to do
		np, nq, err := searchfn.Backfill(context.Background(), db, profiles, posts, schema.Users.Name, schema.Posts.Name)
		if err != nil || np != 2 || nq != wantPosts {
			t.Fatalf("run %d: %d profiles, %d posts, %v", run, np, nq, err)
		}
	}
	if f := search(t, me, "onitsha", "", "", 0); !same(f.posts, "audio:Onitsha market song") {
		t.Errorf("posts after: %v", f.posts)
	}
	if f := search(t, me, "ngozi", "", "", 0); !same(f.people, "ngozi_x") || !same(f.posts, "audio:Onitsha market song") {
		t.Errorf("by name and artist after: %+v", f)
	}
}
