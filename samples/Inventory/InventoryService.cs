using Grpc.Core;

namespace Samples.Inventory;

/// <summary>The team's implementation: what each call costs is the team's own code, here a little arithmetic and copying.</summary>
public sealed class InventoryService : Inventory.InventoryBase
{
    public override Task<Item> GetItem(ItemRequest request, ServerCallContext context) => Task.FromResult(ItemOf(request.Id, "tools"));

    public override async Task ListItems(ListRequest request, IServerStreamWriter<Item> responseStream, ServerCallContext context)
    {
        for (var id = 1; id <= Math.Clamp(request.Count, 0, 10_000); id++)
            await responseStream.WriteAsync(ItemOf(id, request.Category));
    }

    public override async Task<AddSummary> AddItems(IAsyncStreamReader<Item> requestStream, ServerCallContext context)
    {
        var summary = new AddSummary();
        while (await requestStream.MoveNext(context.CancellationToken))
        {
            summary.Added++;
            summary.TotalCents += requestStream.Current.PriceCents * Math.Max(1, requestStream.Current.Stock);
        }
        return summary;
    }

    public override async Task SyncItems(IAsyncStreamReader<Item> requestStream, IServerStreamWriter<Item> responseStream, ServerCallContext context)
    {
        while (await requestStream.MoveNext(context.CancellationToken))
        {
            var item = requestStream.Current.Clone();
            item.Stock = StockOf(item.Id);
            await responseStream.WriteAsync(item);
        }
    }

    private static Item ItemOf(int id, string category) => new()
    {
        Id = id,
        Name = $"item {id}",
        Category = category,
        PriceCents = 100 + id % 997,
        Stock = StockOf(id),
    };

    private static int StockOf(int id) => (int)((uint)id * 2654435761u % 500);
}
